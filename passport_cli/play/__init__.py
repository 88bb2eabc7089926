"""`passport play`: one person against bots at the terminal (start, session, menu, hand, render, saves)."""
