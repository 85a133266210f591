gen --list
