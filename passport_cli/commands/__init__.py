"""One module per `passport` command. Each imports only click at module level."""
