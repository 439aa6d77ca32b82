// SPDX-License-Identifier: MIT
#pragma once
#include <libinput.h>
