"""Commanders (seed 002): quiz-made commanders leading troops on a square grid."""
