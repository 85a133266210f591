table broadcast-allport
