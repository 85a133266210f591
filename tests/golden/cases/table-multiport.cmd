# Bhatt et al., Section 4: one tree against k edge-disjoint trees on meshes and tori, every schedule checked.
table multiport
