"""What `passport play`, `watch` and `replay` show of a game: the table as plain
data (view), game steps in words (narrate), and their Rich rendering (render)."""
