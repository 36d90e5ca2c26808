"""The Wordle Tournament in the browser, on one device and as a group across devices:
its screens, their actions and their drawing (docs/ARCHITECTURE.md)."""
