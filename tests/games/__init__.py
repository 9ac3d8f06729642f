"""Each game's scenario tests: a package, so that ``tests/games/test_<game>.py`` and the
table's ``tests/browser/test_<game>.py`` may share a file name."""
