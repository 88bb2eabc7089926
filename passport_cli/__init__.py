"""Passport's terminal app: it only talks to people (click + Rich)."""
