"""Shared test set-up: tests never reuse a stale numba cache (see Makefile)."""
