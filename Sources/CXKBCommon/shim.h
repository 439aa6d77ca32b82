// SPDX-License-Identifier: MIT
#pragma once
#include <xkbcommon/xkbcommon.h>
