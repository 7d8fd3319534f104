"""Who wrote a spectator's chat line, so that spectators keep their numbers.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02

``chat.sender`` is the hash of what tells one spectator's browser from another (its
watcher cookie, else its address), as ``seats.token_hash`` keeps a token's: a server that
restarts numbers a spectator who wrote before as before ("Spectator 2"), and a new one
after every number given. Lines stored before have none (their spectators' numbers are
still taken: a new spectator is numbered after them); seats' lines have none either.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.add_column(sa.Column("sender", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.drop_column("sender")
