"""Errors a user may meet; the CLI turns them into clean messages."""


class MapgenError(Exception):
    """A failure explained to the user (exit code 1)."""


class InfeasibleError(MapgenError):
    """The rules cannot be met on the requested map; the message says which rule and what to change."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.detail = message
        super().__init__(f"{rule}: {message}")

    def __reduce__(self):  # pickled as made, so a forked part of a kit (mapgen.kit.beside) raises it whole
        return type(self), (self.rule, self.detail)


class BadFileError(MapgenError):
    """A JSON file that is not what mapgen expects; the message names the field."""


class CampaignFolderError(MapgenError):
    """A folder that cannot take a new campaign or kit: it holds one already, or one in play (a usage error)."""
