"""Game-independent rule arithmetic (melds, deadwood, lay-offs)."""
