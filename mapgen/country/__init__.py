"""The Renaissance country map: the road-node procedure (RC-1), borders and border crossings."""
