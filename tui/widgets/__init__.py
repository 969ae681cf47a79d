"""Widgets that draw the battle: map, panels, log, summaries."""
