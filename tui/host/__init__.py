"""Hosted play over SSH: the match store (store), matches read from it and written to it
(matches), the SSH server (server) and the game process each connection runs (session).
Nothing here imports Textual except session, which starts the app."""
