table nosuch
