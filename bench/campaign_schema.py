"""Regenerate the campaign schemas from the campaign states' dataclasses.

``mapgen/schemas/campaign.schema.json`` (Fantasy Warriors) and
``campaign-renaissance.schema.json`` and ``campaign-napoleonic.schema.json`` are
published (``mapgen schema campaign``, ``mapgen schema campaign-renaissance``,
``mapgen schema campaign-napoleonic``) and shipped as files;
``tests/test_campaign_store.py`` and ``tests/test_renaissance_state.py`` fail
until this is run after a state change.
"""

import json

from mapgen import schemas
from mapgen.campaign import store
from mapgen.napoleonic import store as napoleonic_store
from mapgen.renaissance import store as renaissance_store

if __name__ == "__main__":
    for name, make in (("campaign", store.json_schema), ("campaign-renaissance", renaissance_store.json_schema),
                       ("campaign-napoleonic", napoleonic_store.json_schema)):
        path = schemas.location(name)
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(json.dumps(make(), indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {path}")
