/* The ABI is the header alone; SwiftPM needs one source file to make a C target of it. */
#include "featurehost_plugin.h"
