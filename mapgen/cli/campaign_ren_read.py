"""``mapgen campaign status|log`` of a Renaissance campaign: what one player may know, in words, JSON or on the map."""

from __future__ import annotations

from pathlib import Path

import click


def _check_seat(state, seat: str | None) -> str | None:
    if seat is not None and seat not in {p.seat for p in state.players}:
        raise click.UsageError(f"--side {seat}: this campaign's players are {', '.join(p.seat for p in state.players)}")
    return seat


def status_renaissance(folder: Path, loaded, seat: str | None, as_json: bool, svg_file: Path | None) -> None:
    """``campaign status`` of a Renaissance campaign: what ``seat`` may know (everything for the referee)."""
    from ..campaign.renaissance.core import awaiting
    from ..campaign.renaissance.view import side_view, status_lines
    from ..jsonio import dumps, write_atomic

    state = loaded.state
    seat = _check_seat(state, seat)
    view = side_view(state, seat, loaded.board.kinds)
    if svg_file is not None:
        from ..campaign.renaissance.store import MAP_FILE
        from ..country.model import read_country_map
        from ..render.renaissance_campaign import render_renaissance_campaign

        doc = render_renaissance_campaign(read_country_map(folder / MAP_FILE), view)
        write_atomic(svg_file, doc.tostring())
    if as_json:
        click.echo(dumps(view), nl=False)
        return
    for line in status_lines(state, seat, loaded.board.kinds, awaiting(state)):
        click.echo(line)
    if svg_file is not None:
        click.echo(f"Wrote {svg_file}")


def log_renaissance(loaded, seat: str | None, year: int | None) -> None:
    """``campaign log`` of a Renaissance campaign (``--day`` is the year)."""
    from ..campaign.renaissance.view import log_lines

    lines = log_lines(loaded.state, _check_seat(loaded.state, seat), year)
    for line in lines:
        click.echo(line)
    if not lines:
        click.echo(f"(nothing logged{f' in year {year}' if year else ''})")


