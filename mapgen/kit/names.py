"""Default output folder names: readable, safe on every filesystem, and distinct for distinct seeds.

A seed is any text, so it cannot be a folder name as it stands: ``../../escaped``
would write outside ``output/`` and ``north/south`` would make two folders.  The
folder name keeps what is readable in the seed (lower-case letters, digits and
single hyphens) and, whenever that changed the text, adds eight hex digits of
the seed's SHA-256, so ``Winter War`` and ``winter war`` still get two folders
(also on the case-insensitive filesystems of macOS and Windows).
"""

from __future__ import annotations

import hashlib
import re

#: Longest readable part kept from a seed; the hash keeps longer seeds apart.
SLUG_CHARS = 40
#: Hex digits of the seed's SHA-256 added when the readable part is not the seed itself.
HASH_CHARS = 8


def seed_slug(seed) -> str:
    """The seed as a folder-name part: ``7`` -> ``7``, ``winter war`` -> ``winter-war-1f0d6c2a``.

    Examples
    --------
    >>> seed_slug(7)
    '7'
    >>> seed_slug("north")
    'north'
    >>> seed_slug("../../escaped").startswith("escaped-")
    True
    """
    text = str(seed)
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:SLUG_CHARS].rstrip("-")
    if slug and slug == text:
        return slug
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_CHARS]
    return f"{slug}-{digest}" if slug else digest


def default_folder_name(command: str, seed) -> str:
    """``<command>-<seed slug>``, the folder under ``output/`` a command writes to by default."""
    return f"{command}-{seed_slug(seed)}"
