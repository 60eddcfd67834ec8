"""Regenerate mapgen/schemas/campaign.schema.json from the campaign state's dataclasses.

The schema is published (``mapgen schema campaign``) and shipped as a file;
``tests/test_campaign_store.py`` fails until this is run after a state change.
"""

import json

from mapgen import schemas
from mapgen.campaign import store

if __name__ == "__main__":
    path = schemas.location("campaign")
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(json.dumps(store.json_schema(), indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {path}")
