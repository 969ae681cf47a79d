"""Screens: one per file."""
