"""Matches, their seats and their append-only actions.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("public_id", sa.String(32), nullable=False, unique=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("num_players", sa.Integer, nullable=False),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("edition", sa.Text, nullable=False),
        sa.Column("edition_shipped", sa.Boolean, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("scores", sa.JSON, nullable=True),
        sa.Column("returns", sa.JSON, nullable=True),
    )
    op.create_index("ix_matches_status", "matches", ["status"])
    op.create_table(
        "seats",
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("agent", sa.String(200), nullable=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    )
    op.create_table(
        "actions",
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("action", sa.Integer, nullable=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_matches_status", "matches")
    op.drop_table("matches")
