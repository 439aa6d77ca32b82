import CEvdev
print("transition-vdev: not yet written")
