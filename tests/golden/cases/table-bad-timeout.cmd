# A limit that is not a number is an error, not the default (it was read as 60).
table broadcast-allport --timeout abc
