"""The order features are listed in (plan numbers, setup sheet, JSON): ground pieces, then the terrain
features with FW-10.5's alternation, each followed by its own parts."""

from __future__ import annotations

from . import rules as R
from .features import mains
from .model import Feature
from .state import TableState


def ordered(st: TableState) -> list[Feature]:
    """Main features (woods or swamps at every other place where FW-10.5 asks), each followed by its parts."""
    items = st.items
    grounds = [i for i, it in enumerate(items) if it.ground]
    main = mains(st)
    alt = R.ALTERNATE.get(st.ground.terrain)
    if alt:
        a = [i for i in main if items[i].feature.kind in alt]
        b = [i for i in main if items[i].feature.kind not in alt]
        main = []
        while a or b:
            if a:
                main.append(a.pop(0))
            if b:
                main.append(b.pop(0))
    top = grounds + main
    order: list[int] = []
    seen: set[int] = set()

    def owner_of(i: int) -> int | None:
        it = items[i]
        return it.owner if it.owner is not None else (it.host if i not in top else None)

    children: dict[int, list[int]] = {}
    orphans = []
    for i in range(len(items)):
        if i in top:
            continue
        o = owner_of(i)
        if o is None:
            orphans.append(i)
        else:
            children.setdefault(o, []).append(i)

    def emit(i: int) -> None:
        if i in seen:
            return
        seen.add(i)
        order.append(i)
        for c in children.get(i, []):
            emit(c)

    for i in top + orphans:
        emit(i)
    for i in range(len(items)):
        emit(i)
    return [items[i].feature for i in order]
