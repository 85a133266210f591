# Bhatt et al.: FDF and NRF against the baselines, the bounds and the Z3 optimum, every schedule and witness checked.
table scatter-gather
