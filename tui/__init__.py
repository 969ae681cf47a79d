"""The terminal face of Skirmish: the Textual app and the command line."""
