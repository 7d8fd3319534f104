"""Seat claims, the creator's key, rematches, held choices and the chat.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

Columns are added nullable, so matches stored before keep working: their seats are
unclaimed (the first browser to open a link claims it), they have no creator key (no fresh
links can be issued for them) and no rematch. Held choices are rows of the ``actions``
table with the new kind ``hold``; the column's type is unchanged.
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("claim_hash", sa.String(64), nullable=True))
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_match_id", "chat", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_match_id", "chat")
    op.drop_table("chat")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("claim_hash")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rematch")
        batch.drop_column("creator_hash")
