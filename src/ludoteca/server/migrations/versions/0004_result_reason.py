"""What decided a finished match's win when its scores do not show it.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-04

``matches.result_reason`` keeps the words of the game's ``State.result_reason()`` at the
end ("the most money at the turn limit, level on buildings"), so that the lobby's line
for a match a tie-break decided ("Bo won on the tie-break (0–0)") reads the same after a
restart as before it, without replaying the match. None when the scores say who won.
Matches finished before this revision have none: the line says only who won and the
scores, as it did.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("result_reason", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("result_reason")
