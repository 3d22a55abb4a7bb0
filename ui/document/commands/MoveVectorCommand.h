#pragma once

// MoveVectorCommand, the command of a drag in key space, is VectorField over SetValueCommand in
// SetterCommands.h. This header stays while ui/plots/keyspace/KeySpaceView.h includes it (it
// needs only VectorKind, from EditTargets.h).
#include "document/commands/SetterCommands.h"
