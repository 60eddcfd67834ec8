"""The one validator of each rule set's state type, built once and kept between processes.

Every campaign command reads ``campaign.json`` once, through pydantic's
validator over the state's own dataclasses.  Building it (pydantic's
``TypeAdapter``) walks every field in Python: 30-70 ms, plus 25 ms to
import pydantic's schema generator, more than reading the file takes.  What
it builds is a pydantic-core validator and serializer, which pickle as their
core schema (the dataclasses by reference) and are rebuilt from it in under
a millisecond: so the pair is kept (:mod:`.kept`, keyed by the code and the
libraries' versions) and read back while the key holds.  Either way it is
the same validator, with the same error messages.
"""

from __future__ import annotations

import pickle
from typing import TYPE_CHECKING, Any

from . import kept

if TYPE_CHECKING:
    from pydantic_core import SchemaSerializer, SchemaValidator


class StateValidator:
    """Reads and writes one state type: ``validate_json`` (strict) and ``dump_python``, as pydantic's ``TypeAdapter`` does.

    ``json_schema`` builds the ``TypeAdapter`` itself: only ``mapgen schema``
    and the tests ask for it.
    """

    def __init__(self, state_type: type):
        self.state_type = state_type
        self._validator, self._serializer = _kept_or_built(state_type)

    def validate_json(self, text: str | bytes, strict: bool = True) -> Any:
        return self._validator.validate_json(text, strict=strict)

    def dump_python(self, state: Any, mode: str = "json") -> Any:
        return self._serializer.to_python(state, mode=mode)

    def json_schema(self, mode: str = "validation") -> dict:
        from pydantic import TypeAdapter  # the schema generator: only for the published schema, never on a command's path

        return TypeAdapter(self.state_type).json_schema(mode=mode)


def _kept_or_built(state_type: type) -> tuple[SchemaValidator, SchemaSerializer]:
    """The validator and serializer of ``state_type``: kept, or built and kept.  pydantic-core is imported here,
    where the first state is read or written, not with the module (see :func:`.statefile.read_state`)."""
    from pydantic_core import SchemaValidator

    name = f"validator-{state_type.__module__}.{state_type.__qualname__}.pickle"
    key = kept.code_key()
    pair = _loaded(kept.read(name, key))
    if pair is not None:
        return pair
    from pydantic import TypeAdapter  # 25 ms of import, paid only when nothing valid is kept

    adapter = TypeAdapter(state_type)
    pair = (adapter.validator, adapter.serializer)
    if isinstance(pair[0], SchemaValidator):  # a pydantic plugin would wrap it: then keep nothing
        try:
            kept.write(name, key, pickle.dumps(pair))
            kept.prune("validator-", kept.MAX_VALIDATORS)
        except (pickle.PicklingError, TypeError, AttributeError):
            pass
    return pair


def _loaded(data: bytes | None) -> tuple[SchemaValidator, SchemaSerializer] | None:
    from pydantic_core import SchemaSerializer, SchemaValidator

    if data is None:
        return None
    try:
        validator, serializer = pickle.loads(data)
    except Exception:  # noqa: BLE001 - torn, or naming a class the code no longer has: build it again
        return None
    if isinstance(validator, SchemaValidator) and isinstance(serializer, SchemaSerializer):
        return validator, serializer
    return None
