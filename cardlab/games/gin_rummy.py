"""Gin Rummy (placeholder until the module lands)."""
