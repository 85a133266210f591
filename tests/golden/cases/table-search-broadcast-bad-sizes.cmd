# --sizes: a range whose first end is larger than its last
table search-broadcast --emit-jobs build/never --sizes 3x4..2x5
