"""Replays of the bundled learners from the seed, in IEEE double (replay-spec.md §7)."""
