/* SPDX-License-Identifier: MIT */
#pragma once

#if !defined(TRANSITIOND_INSIDE) && !defined(TRANSITIOND_COMPILATION)
#error "Only <transitiond.h> can be included directly."
#endif

#include <gio/gio.h>
#include "transitiond-event.h"

G_BEGIN_DECLS

#define TRANSITIOND_TYPE_CLIENT (transitiond_client_get_type ())
G_DECLARE_FINAL_TYPE (TransitiondClient, transitiond_client, TRANSITIOND, CLIENT, GObject)

TransitiondClient *transitiond_client_new (const char *socket_path);

const char *transitiond_client_get_socket_path (TransitiondClient *self);
gboolean transitiond_client_is_connected (TransitiondClient *self);
TransitiondEvent *transitiond_client_get_hello (TransitiondClient *self);
void transitiond_client_close (TransitiondClient *self);

void transitiond_client_subscribe (TransitiondClient *self, const char *const *transitions,
                                   const char *const *events, guint frame_rate);

void transitiond_client_trigger_async (TransitiondClient *self, const char *transition, gboolean reverse,
                                       double duration, GCancellable *cancellable,
                                       GAsyncReadyCallback callback, gpointer user_data);
gint64 transitiond_client_trigger_finish (TransitiondClient *self, GAsyncResult *result, GError **error);

void transitiond_client_cancel_async (TransitiondClient *self, const char *transition, GCancellable *cancellable,
                                      GAsyncReadyCallback callback, gpointer user_data);
int transitiond_client_cancel_finish (TransitiondClient *self, GAsyncResult *result, GError **error);

void transitiond_client_declare_async (TransitiondClient *self, const char *transition,
                                       const char *const *gestures, int pages, int page,
                                       const char *options_json, GCancellable *cancellable,
                                       GAsyncReadyCallback callback, gpointer user_data);
char **transitiond_client_declare_finish (TransitiondClient *self, GAsyncResult *result, GError **error);

void transitiond_client_update_async (TransitiondClient *self, const char *transition, int pages, int page,
                                      GCancellable *cancellable, GAsyncReadyCallback callback,
                                      gpointer user_data);
gboolean transitiond_client_update_finish (TransitiondClient *self, GAsyncResult *result, GError **error);

void transitiond_client_withdraw_async (TransitiondClient *self, const char *transition,
                                        GCancellable *cancellable, GAsyncReadyCallback callback,
                                        gpointer user_data);
gboolean transitiond_client_withdraw_finish (TransitiondClient *self, GAsyncResult *result, GError **error);

int transitiond_client_get_page (TransitiondClient *self, const char *transition);

void transitiond_client_request_async (TransitiondClient *self, const char *request, const char *members_json,
                                       GCancellable *cancellable, GAsyncReadyCallback callback,
                                       gpointer user_data);
char *transitiond_client_request_finish (TransitiondClient *self, GAsyncResult *result, GError **error);

G_END_DECLS
