#pragma once
#include <systemd/sd-daemon.h>
#include <systemd/sd-login.h>
