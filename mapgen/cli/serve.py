"""``mapgen serve``: host campaigns online (``--import DIR`` first), and ``mapgen campaign export`` to bring one back as a folder."""

from __future__ import annotations

import base64
import json
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import click

from ..errors import BadFileError
from ..server import folders
from ..server.notify import Notifier, Smtp, check_email
from ..server.storage import DB_FILE, DICE_MODES, REFEREE, Refusal, Store
from . import cli
from .campaign import Refused, campaign, refusals

DEFAULT_DATA = "mapgen-serve"
data_option = click.option("--data", default=DEFAULT_DATA, show_default=True, type=click.Path(file_okay=False, path_type=Path),
                           help="The folder of the server's database.")


def _links(base: str, tokens: dict[str, str]) -> None:
    for seat, token in tokens.items():
        click.echo(f"  {seat}: {base.rstrip('/')}/join/{token}")


@cli.command("serve")
@data_option
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (localhost only by default; put a TLS proxy in front for a group).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--import", "import_dir", type=click.Path(file_okay=False, exists=True, path_type=Path),
              help="Host this campaign folder, print one link per seat and the referee's, and stop.")
@click.option("--dice", type=click.Choice(DICE_MODES), default="server", show_default=True,
              help="With --import: the server throws the dice from the seed, or the seats enter the faces rolled at the table.")
@click.option("--url", help="The address players use (behind a proxy: https://example.org); default http://HOST:PORT.")
@click.option("--smtp", metavar="HOST[:PORT]", help="Send each seat's 'your move' e-mail through this SMTP server "
              "(port 25 by default, 465 for TLS; login from MAPGEN_SMTP_USER and MAPGEN_SMTP_PASSWORD).")
@click.option("--mail-from", metavar="ADDRESS", help="With --smtp: the sender of those e-mails.")
@click.option("--reissue", nargs=2, metavar="CAMPAIGN SEAT", help="Give SEAT (or 'referee') a new link; the old one opens nothing.")
@refusals
def serve_cmd(data: Path, host: str, port: int, import_dir: Path | None, dice: str, url: str | None, smtp: str | None,
              mail_from: str | None, reissue) -> None:
    """Serve the campaigns in the database: each seat sees only its view and acts only for itself."""
    base = url or f"http://{host}:{port}"
    if import_dir is not None:
        cid, tokens = folders.import_folder(Store(data), import_dir, dice)
        click.echo(f"Hosted {import_dir} as campaign {cid}; give each seat its own link (shown once):")
        _links(base, tokens)
        return
    if reissue:
        cid, seat = reissue
        token = folders.new_token()
        try:
            Store(data).set_token(cid, seat, token)
        except Refusal as exc:
            raise Refused(str(exc)) from None
        _links(base, {seat: token})
        return
    try:
        import uvicorn

        from ..server.routes import create_app
    except ImportError as exc:
        raise Refused(f"mapgen serve needs the 'serve' extra ({exc.name} is missing): pip install 'mapgen[serve]'") from None
    notifier = Notifier(_smtp(smtp, mail_from) if smtp or mail_from else None)
    click.echo(f"Serving {data} on {base} (Ctrl-C stops)")
    uvicorn.run(create_app(data, notifier=notifier, public_url=url), host=host, port=port, log_level="warning", access_log=False,  # no seat link in a log
                proxy_headers=True)


def _smtp(where: str | None, sender: str | None) -> Smtp:
    if not where or not sender:
        raise click.UsageError("--smtp and --mail-from go together")
    host, _, port = where.rpartition(":") if ":" in where else (where, "", "25")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise click.UsageError(f"--smtp {where!r}: HOST or HOST:PORT")
    try:
        return Smtp(host, int(port), check_email(sender))
    except Refusal as exc:
        raise click.UsageError(f"--mail-from: {exc}") from None


def _fetch(url: str, token: str) -> dict:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        try:
            why = json.loads(exc.read()).get("error", exc.reason)
        except ValueError:
            why = exc.reason
        raise Refused(f"{url}: {why}") from None
    except (urllib.error.URLError, OSError) as exc:
        raise Refused(f"{url}: {getattr(exc, 'reason', exc)}") from None


def _remote_files(link: str) -> dict[str, bytes]:
    """The files of the campaign the referee's link opens, from its server."""
    parts = urllib.parse.urlsplit(link)
    path, _, token = parts.path.rpartition("/join/")
    if not token:
        raise Refused(f"{link}: give the referee's link (http://HOST/join/TOKEN) or a campaign id with --data")
    base = urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", ""))
    who = _fetch(f"{base}/api/seat", token)
    if who.get("seat") != REFEREE:
        raise Refused("only the referee's link may export the campaign (it holds the seed and every secret)")
    got = _fetch(f"{base}/c/{who['campaign']}/api/export", token)
    return {p: base64.b64decode(d) for p, d in got["files"].items()}


@campaign.command("export")
@click.argument("source", metavar="LINK-OR-ID")
@click.argument("folder", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))
@data_option
@refusals
def export_cmd(source: str, folder: Path, data: Path) -> None:
    """Write a served campaign back as a folder (the referee's link, or the campaign id with the server's --data)."""
    if source.startswith(("http://", "https://")):
        files = _remote_files(source)
    else:
        if not (data / DB_FILE).is_file():
            raise Refused(f"{data}: no server database here (give --data)")
        try:
            files = folders.bundle(Store(data), source)
        except KeyError:
            raise Refused(f"no campaign {source!r} in {data}") from None
    try:
        folders.write_folder(files, folder)
    except BadFileError as exc:
        raise Refused(str(exc)) from None
    click.echo(f"Wrote {folder} ({len(files)} files); 'mapgen campaign replay {folder} --check' checks it")
