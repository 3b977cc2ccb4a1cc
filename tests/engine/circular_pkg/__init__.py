"""A deliberately circular package: the import-graph test must find its loop."""
