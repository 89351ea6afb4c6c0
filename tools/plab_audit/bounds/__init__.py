"""One module per bound form of docs/bounds.md, each evaluated in rationals."""
