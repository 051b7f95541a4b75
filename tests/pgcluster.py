"""A throwaway PostgreSQL cluster for the test session: started once, removed at the end.

The server refuses to run as root (and CI runs as root), so as root the cluster is created and run
as the unprivileged user ``nobody`` (``runuser``) in a temporary directory that user owns. It listens
on a free port of 127.0.0.1 only, trusts local connections, and runs without fsync: the tests need a
real server's concurrency and SQL, not durability across a power cut. Each test gets its own
schema (``search_path`` set in the URL, so every connection of every process lands in it): as
isolated as a database for our tables, and ~1 ms to create where ``CREATE DATABASE`` took ~150 ms.

The binaries are looked for in ``$CONSENSUS_PG_BIN``, then ``/usr/lib/postgresql/*/bin``, then the
``PATH``. Without them (or without psycopg) the PostgreSQL tests are skipped with :data:`HOW_TO_GET`.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

__all__ = ["HOW_TO_GET", "PostgresCluster", "find_binaries", "missing_reason", "start_cluster"]

HOW_TO_GET = (
    "PostgreSQL tests need the server binaries (initdb, pg_ctl: `apt-get install postgresql-15`, or set "
    "CONSENSUS_PG_BIN to their folder) and the driver (`pip install -e '.[test,postgres]'`)"
)

_USER = "nobody"


def find_binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, or None."""
    candidates = [os.environ.get("CONSENSUS_PG_BIN", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)  # newest version first
    on_path = shutil.which("pg_ctl")
    candidates.append(str(Path(on_path).parent) if on_path else "")
    for folder in filter(None, candidates):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def missing_reason() -> str | None:
    """Why PostgreSQL tests cannot run here (None when they can)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return HOW_TO_GET + " (psycopg is not installed)"
    if find_binaries() is None:
        return HOW_TO_GET + " (no initdb/pg_ctl found)"
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class PostgresCluster:
    """A running cluster; :meth:`new_database` hands out empty databases by URL."""

    bin: Path
    root: Path
    port: int
    as_user: list[str]

    @property
    def admin_url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def new_database(self) -> str:
        """A new, empty store (a schema of its own); its SQLAlchemy URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:16]}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True) as c:
            c.execute(f'CREATE SCHEMA "{name}"')
        return f"{self.admin_url}?options=-csearch_path%3D{name}"

    def stop(self) -> None:
        """Stop the server at once and remove its directory."""
        try:
            self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def _run(self, tool: str, *args: str) -> None:
        command = [*self.as_user, str(self.bin / tool), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")


def start_cluster() -> PostgresCluster:
    """Create and start a cluster in a new temporary directory (as ``nobody`` when we are root)."""
    folder = find_binaries()
    assert folder is not None, HOW_TO_GET
    root = Path(tempfile.mkdtemp(prefix="consensus-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:  # the server refuses root: hand the directory to an unprivileged user
        shutil.chown(root, user=_USER)
        as_user = ["runuser", "-u", _USER, "--"]
    root.chmod(0o700)
    cluster = PostgresCluster(folder, root, _free_port(), as_user)
    try:
        data = str(root / "data")
        cluster._run("initdb", "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync")
        options = (
            f"-p {cluster.port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"
            " -c full_page_writes=off -c max_connections=200"
        )
        cluster._run("pg_ctl", "-D", data, "-o", options, "-l", str(root / "server.log"), "-w", "-t", "60", "start")
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    return cluster
