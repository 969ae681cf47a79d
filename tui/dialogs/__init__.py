"""Modal dialogs: one ModalScreen per file."""
