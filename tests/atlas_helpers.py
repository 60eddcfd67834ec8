"""Campaign folders for the atlas's tests and benchmark: a ``mapgen new`` kit played by bots until battles were fought.

The bots play through the engine (:func:`mapgen.campaign.bots.play_day`);
each time a command leaves a battle pending, its folder is written as the
CLI writes it (:func:`mapgen.presenters.fw_battles.write_pending`), so the
folder ends with the battle folders a real campaign would have.
"""

from __future__ import annotations

from pathlib import Path
from unittest import mock


def copy_of(kit: Path, tmp_path: Path) -> Path:
    """A test's own copy of a module's kit (the kit is made once; each test plays in its copy)."""
    import shutil

    return Path(shutil.copytree(kit, tmp_path / "camp"))


def fw_kit(folder: Path, seed=7, size: str = "small", width: int | None = None, height: int | None = None,
           formats=("json", "svg", "md"), races=("humans", "humans")):
    """``mapgen new`` into ``folder`` (PDFs left out unless asked: the page links them, never reads them); the map."""
    from mapgen import kit
    from mapgen.fw.generate import generate_map
    from mapgen.fw.options import MapOptions
    from mapgen.paper import get_paper

    m = generate_map(MapOptions(seed=seed, size=size, width=width, height=height, races=races))
    with kit.Outputs(folder) as outputs:
        kit.write_new_fw_kit(m, outputs, formats, get_paper("A3"))
    return m


def play_until_battles(folder: Path, m, battles: int, max_days: int = 120, again: bool = False) -> int:
    """Bots play the campaign in ``folder`` until ``battles`` battle folders exist (or it ends); returns how many.

    ``again``: when a game ends first (a bot campaign rarely lasts twenty battles: a side's Will to
    Fight fails, FW-13), play another from day 1 on the same map, with the next campaign seed, into
    the same folder, until there are enough; ``campaign.json`` is then the last game's.
    """
    from mapgen.presenters import fw_battles as battle_files
    from mapgen import session
    from mapgen.campaign import store
    from mapgen.campaign.bots import make_bots
    from mapgen.campaign.bots import play as bot_play
    from mapgen.campaign.setup import start_campaign
    from mapgen.campaign.state import Options
    from mapgen.jsonio import write_atomic

    loaded = session.load(folder)
    state, board = loaded.state, loaded.board
    bots = make_bots(("aggressive", "aggressive"))
    give = bot_play.give

    def give_and_write(s, b, command, who):
        after = give(s, b, command, who)
        battle_files.write_pending(folder, after, m, b)
        return after

    def count() -> int:
        root = folder / "battles"
        return sum(1 for p in root.iterdir() if p.is_dir()) if root.is_dir() else 0

    games = 1
    with mock.patch.object(bot_play, "give", give_and_write):
        while count() < battles:
            if state.winner is not None or state.day > max_days:
                if not again or games >= battles:
                    break
                map_bytes = (folder / store.MAP_FILE).read_bytes()
                state = start_campaign(m, map_bytes, store.MAP_FILE, f"{m.seed}-game-{games + 1}", Options())
                games += 1
            state, _ = bot_play.play_day(state, board, bots)
    write_atomic(folder / store.CAMPAIGN_FILE, store.dumps_state(state))
    return count()


# --- reading a page back --------------------------------------------------------------------------------

DATA_BLOCK = '<script type="application/json" id="atlas-data">'


def page_data(html: str) -> dict:
    """The JSON the page's script reads (the ``atlas-data`` block)."""
    import json

    start = html.index(DATA_BLOCK) + len(DATA_BLOCK)
    return json.loads(html[start : html.index("</script>", start)])


def images(html: str) -> list[str]:
    """Every ``data:image/svg+xml`` picture in the page, decoded: the plans and counter sheets it shows."""
    import base64
    import re

    return [base64.b64decode(b).decode("utf-8") for b in re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)]


def plan_image(html: str, key: str) -> str | None:
    """The drawing of the plan ``key`` (``kit-C4``, ``battle-day-03-C4``) as the page holds it, decoded."""

    start = html.find(f'<template id="plan-{key}">')
    if start < 0:
        return None
    body = html[start : html.index("</template>", start)]
    found = images(body)
    return found[0] if found else None


def text_of(html: str) -> str:
    """The page's text as a reader sees it: tags dropped, entities decoded (scripts and styles left out)."""
    import re
    from html import unescape

    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))
