"""Alembic environment of the ludoteca server.

The server runs the migrations itself at start (``ludoteca.server.db.migrate``), handing
Alembic an open connection. Run by hand, ``alembic -x url=...`` names the database.
"""

from alembic import context
from sqlalchemy import create_engine

from ludoteca.server.db import metadata

config = context.config
connection = config.attributes.get("connection")


def run(conn) -> None:
    context.configure(connection=conn, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if connection is not None:
    run(connection)
else:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option(
        "sqlalchemy.url")
    with create_engine(url).begin() as conn:
        run(conn)
