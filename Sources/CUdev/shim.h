// SPDX-License-Identifier: MIT
#pragma once
#include <libudev.h>
