// The VirtualTime module.
