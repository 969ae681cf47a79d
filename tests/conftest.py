"""Shared test set-up: animations off, no user settings, saves in a temporary folder."""

import os

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
