# Bhatt et al., Section 3.1: shoulder tapping on a path, every wake-up call a control flit, every dispatch licensed.
gen gather-shoulder-tap --topology path:6 --lengths 0,1,1,0,3,1
