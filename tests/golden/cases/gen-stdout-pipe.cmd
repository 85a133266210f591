# "-o -" writes the schedule to stdout (as "check -" reads stdin), here piped into the check
gen gossip-onepacket-2d --topology torus:6x4 -o - | "$checker" check -
