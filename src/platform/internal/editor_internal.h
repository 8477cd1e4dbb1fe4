/* SPDX-License-Identifier: Zlib */
/*
** editor_internal.h -- the level editor's screen as its files share it.
**
** The editor is a screen of the front end (SCREEN_EDITOR) over a document
** of edit/ (edit.h), which holds the level, its history and its check; the
** screen only shows the document and issues edit/'s commands. Its state is
** an Editor, made the first time the screen is shown and kept while the
** front end lives, so a test run (F5) comes back to the editor exactly as
** it was: the view, the tool, the selection, the history.
**
** The files: editor.c is the screen's life (opening, the new-level form,
** saving, autosave, a file changed on disk, test runs, the prompts);
** editor_keys.c the one table of keys (the F1 help and README.md's table
** are both made from it); editor_view.c the canvas's view and what it
** draws; editor_tools.c what the pointer (the mouse or the arrow-moved
** cursor) does with each tool; editor_panel.c the right-hand panel (the
** palette, the properties of the selection or the level's settings, the
** problems); editor_files.c the Make levels screen, where user levels
** live and how one goes into a pack.
*/
#ifndef EDITOR_INTERNAL_H
#define EDITOR_INTERNAL_H

#include "frontend_internal.h"

#include "edit.h"

/* The screen's parts, in logical pixels. */
enum {
    EDITOR_TOP_H = 12,    /* the top bar */
    EDITOR_STATUS_H = 12, /* the status line */
    EDITOR_PANEL_W = 132, /* the right-hand panel */
    EDITOR_CANVAS_W = LOGICAL_W - EDITOR_PANEL_W,
    EDITOR_CANVAS_H = LOGICAL_H - EDITOR_TOP_H - EDITOR_STATUS_H,
    EDITOR_SELECT_MAX = 256, /* entities selected at once */
    EDITOR_PATH_MAX = APP_PATH_MAX,
};

typedef enum EditorTool {
    TOOL_PAINT,
    TOOL_RECT,
    TOOL_ERASE,
    TOOL_PICK,
    TOOL_PLACE,
    TOOL_SELECT,
    TOOL_PATH,
    TOOL_COUNT
} EditorTool;

/* What has the keyboard: the canvas, or a part of the panel. */
typedef enum EditorFocus {
    FOCUS_CANVAS,
    FOCUS_PROPS,    /* the selected entity's properties */
    FOCUS_SETTINGS, /* the level's settings */
} EditorFocus;

/* A question the editor waits on (a key or a click answers). */
typedef enum EditorAsk {
    ASK_NONE,
    ASK_NEW,     /* the new level's width, height and world */
    ASK_RESTORE, /* an autosave newer than the file: restore it? */
    ASK_RELOAD,  /* the file changed on disk: reload? */
    ASK_LEAVE,   /* unsaved changes: save, discard or stay? */
    ASK_PACK,    /* the pack to add the level to (editor_files.c) */
} EditorAsk;

/* Every action the keys and the mouse can take (editor_keys.c's table). */
typedef enum EditorAction {
    ACTION_NONE,
    ACTION_TOOL_PAINT,
    ACTION_TOOL_RECT,
    ACTION_TOOL_ERASE,
    ACTION_TOOL_PICK,
    ACTION_TOOL_PLACE,
    ACTION_TOOL_SELECT,
    ACTION_TOOL_PATH,
    ACTION_NEXT_BRUSH,
    ACTION_PREV_BRUSH,
    ACTION_CURSOR_LEFT,
    ACTION_CURSOR_RIGHT,
    ACTION_CURSOR_UP,
    ACTION_CURSOR_DOWN,
    ACTION_CURSOR_FAR_LEFT,
    ACTION_CURSOR_FAR_RIGHT,
    ACTION_CURSOR_FAR_UP,
    ACTION_CURSOR_FAR_DOWN,
    ACTION_CURSOR_VIEW_LEFT,
    ACTION_CURSOR_VIEW_RIGHT,
    ACTION_CURSOR_VIEW_UP,
    ACTION_CURSOR_VIEW_DOWN,
    ACTION_CURSOR_FIRST,
    ACTION_CURSOR_LAST,
    ACTION_USE,
    ACTION_USE_ADD,
    ACTION_USE_ALT,
    ACTION_PAN_LEFT,
    ACTION_PAN_RIGHT,
    ACTION_PAN_UP,
    ACTION_PAN_DOWN,
    ACTION_ZOOM_1,
    ACTION_ZOOM_2,
    ACTION_ZOOM_4,
    ACTION_ZOOM_FIT,
    ACTION_GRID,
    ACTION_NUDGE_LEFT,
    ACTION_NUDGE_RIGHT,
    ACTION_NUDGE_UP,
    ACTION_NUDGE_DOWN,
    ACTION_DELETE,
    ACTION_DUPLICATE,
    ACTION_SELECT_ALL,
    ACTION_CANCEL,
    ACTION_COPY,
    ACTION_CUT,
    ACTION_PASTE,
    ACTION_UNDO,
    ACTION_REDO,
    ACTION_PROPS,
    ACTION_SETTINGS,
    ACTION_NEXT_PROBLEM,
    ACTION_PREV_PROBLEM,
    ACTION_PLAY_CURSOR,
    ACTION_PLAY_START,
    ACTION_SAVE,
    ACTION_SAVE_COPY,
    ACTION_ADD_TO_PACK,
    ACTION_KEEP_REPLAY,
    ACTION_HELP,
    ACTION_LEAVE,
    ACTION_LAST
} EditorAction;

/* A field of the panel: a property of the selected entity, or a setting. */
typedef struct EditorField {
    char name[32]; /* the property's or setting's name */
    char label[32];
    int setting;               /* which setting (editor_panel.c), -1 for a property */
    int kind;                  /* KPROP_* of the value's type, for a setting too */
    const char *const *values; /* enums: the choices */
    int value_count;
    double step; /* what Left and Right add to a number */
} EditorField;

enum { EDITOR_FIELDS_MAX = 40, EDITOR_INPUT_MAX = KIND_TEXT_MAX, EDITOR_PACKS_MAX = 24 };

typedef struct Editor {
    EditDoc *doc;
    char path[EDITOR_PATH_MAX]; /* the file Ctrl+S writes */
    bool read_only;             /* a level of the game's data: saved only as a copy */
    bool in_place;              /* named with --edit: the game's own edited where it may be */
    bool restored;              /* an autosave was restored: unsaved whatever edit/ says */
    PhysicsParams base;         /* assets/physics.json's */

    /* what is drawn: the level as the game builds it, rebuilt after a change */
    Sim *sim;
    bool stale;

    /* the view: the level pixel at the canvas's top-left, and the zoom */
    float view_x, view_y;
    float zoom; /* 1, 0.5, 0.25, or the fit's */
    bool grid;
    int cursor_x, cursor_y; /* the cursor's tile */

    EditorTool tool;
    int brush_tile; /* TileKind painted */
    int brush_kind; /* kind placed */
    uint32_t selected[EDITOR_SELECT_MAX];
    int selected_count;
    EditRect region; /* the box last selected (w 0: none) */
    EditClip *clip;  /* copied; kept from one level to the next */

    /* the pointer */
    int mouse_x, mouse_y; /* logical px */
    bool space;           /* Space is held: a left drag pans */
    int drag;             /* what a held button does (editor_tools.c) */
    int drag_button;
    int drag_tx, drag_ty; /* where it began, tiles */
    int last_tx, last_ty; /* where it was last, tiles */
    int moved_x, moved_y; /* px the selection moved in this drag */
    int waypoint;         /* the waypoint dragged, or -1 */
    bool key_anchor;      /* the keyboard's first corner is set (rect, box) */
    bool key_carry;       /* the keyboard carries a waypoint or the selection */

    /* the panel */
    EditorFocus focus;
    EditorField fields[EDITOR_FIELDS_MAX];
    int field_count;
    int field; /* the one chosen */
    bool typing;
    char input[EDITOR_INPUT_MAX];
    int resize_w, resize_h, anchor; /* the settings' resize, applied by its row */
    int problem;                    /* the problem chosen, -1: none */

    /* questions and notes */
    EditorAsk ask;
    int new_w, new_h, new_world, new_field;
    char message[256]; /* the status line's last word */
    bool message_bad;
    bool help;

    /* saving and the file */
    LevelWatch watch;
    float watch_poll;
    float autosave_in;   /* s to the next autosave */
    bool autosave_dirty; /* changed since the last autosave */

    /* test runs: where Pip died or finished last time */
    RunMark marks[RUN_MARKS_MAX];
    int mark_count;
    /* the last run from the start: the level as played, and the run when
    ** it finished (Ctrl+R keeps it beside the level) */
    char *run_text;
    size_t run_len;
    Replay run;
    bool run_finished;
    uint64_t run_hash;

    /* the pack prompt: the player's packs, the one chosen, a new name typed */
    char packs[EDITOR_PACKS_MAX][PACK_NAME_MAX];
    int pack_count;
    int pack_choice; /* pack_count: the typed name */
    char pack_input[PACK_NAME_MAX];
} Editor;

/* ---- editor.c ---- */

void editor_note(Editor *ed, bool bad, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* After any command: the drawn level and the check are made again. */
void editor_changed(Editor *ed);
/* Ctrl+S; Ctrl+Shift+S (a copy into the user's folder). */
void editor_save(Frontend *g, bool copy);
void editor_play(Frontend *g, bool from_cursor);
/* Leaves the editor (asking first when there are unsaved changes). */
void editor_leave(Frontend *g);
/* Whether there is a file at path; whether the level has changes not on disk. */
bool editor_file_exists(const char *path);
bool editor_unsaved(const Editor *ed);
/* A question's box over the dimmed screen, with its heading. */
void editor_draw_box(Frontend *g, SDL_Rect box, const char *heading);
/* The folder for user levels, made if missing; false when none. */
bool editor_user_folder(const Frontend *g, char *out, size_t cap);
/* Where a copy of the level at from goes in the user's folder: NAME.json,
** or NAME-2.json and so on when that is taken; false when no folder. */
bool editor_copy_path(const Frontend *g, const char *from, char *out, size_t cap);

/* ---- editor_files.c: packs ---- */

/* Ctrl+P: asks which of the player's packs gets the level (or a new one). */
void editor_pack_ask(Frontend *g);
void editor_pack_key(Frontend *g, SDL_Scancode key);
void editor_pack_text(Editor *ed, const char *text);
void editor_pack_draw(Frontend *g);
/* Ctrl+R: the last finished run from the start, written beside the level
** as NAME.replay (the level saved first when that is all that differs). */
void editor_keep_replay(Frontend *g);
/* The player's packs folder (made when missing); false when none. */
bool editor_packs_folder(const Frontend *g, char *out, size_t cap);

/* ---- editor_keys.c ---- */

/* The action of a key press (the key and the modifiers held), or ACTION_NONE. */
EditorAction editor_key_action(SDL_Scancode key, Uint16 mod);
/* Does what an action does. */
void editor_act(Frontend *g, EditorAction a);
/* The help overlay (F1). */
void editor_draw_help(Frontend *g);
/* The table as README.md shows it (Markdown), into out; returns its length. */
size_t editor_keys_markdown(char *out, size_t cap);

/* ---- editor_view.c ---- */

/* Level px of a logical point of the canvas. */
void editor_to_level(const Editor *ed, int sx, int sy, float *lx, float *ly);
bool editor_in_canvas(int sx, int sy);
/* Puts the view so the level pixel (lx, ly) is at the canvas's middle. */
void editor_center_on(Editor *ed, float lx, float ly);
/* Keeps the cursor's tile in view. */
void editor_follow_cursor(Editor *ed);
void editor_set_zoom(Editor *ed, float zoom);
void editor_zoom_fit(Editor *ed);
void editor_draw_canvas(Frontend *g);
/* The drawn level and the check made again after a change, now. */
void editor_refresh(Frontend *g);

/* ---- editor_tools.c ---- */

/* The mouse on the canvas. */
void editor_mouse(Frontend *g, const SDL_Event *ev);
/* The drag under way ends as if its button came up (also when the window
** loses the focus and the button's release may never come). */
void editor_drag_end(Frontend *g);
/* The tool used at the keyboard's cursor (Enter; add: Shift+Enter; alt:
** the other button's use). */
void editor_use_at_cursor(Frontend *g, bool add, bool alt);
/* The arrows moved the cursor: a waypoint it carries goes along. */
void editor_cursor_moved(Frontend *g);
/* The rectangle a drag (or the keyboard's first corner and the cursor)
** spans now, in tiles; false when none is being made. */
bool editor_drag_rect(const Editor *ed, EditRect *r);
/* The selection: clear, add one, whether one is selected. */
void editor_select_none(Editor *ed);
void editor_select_add(Editor *ed, uint32_t id);
bool editor_is_selected(const Editor *ed, uint32_t id);
/* Drops what is no longer there (after undo or a delete). */
void editor_select_prune(Editor *ed);
/* The brush as the palette orders it: tile kinds after empty, then every
** entity kind; index and count. */
int editor_brush_count(void);
int editor_brush_index(const Editor *ed);
void editor_brush_set(Editor *ed, int index);
const char *editor_tool_name(EditorTool t);

/* ---- editor_panel.c ---- */

void editor_draw_panel(Frontend *g);
/* A click on the panel; true when it took it. */
bool editor_panel_click(Frontend *g, int sx, int sy, int button);
/* The panel's keys while it has the focus (and text typed); true when taken. */
bool editor_panel_key(Frontend *g, SDL_Scancode key);
void editor_panel_text(Frontend *g, const char *text);
/* The fields of the focus (props or settings) made again. */
void editor_panel_fields(Frontend *g);
/* Moves the view and the cursor to problem i. */
void editor_goto_problem(Frontend *g, int i);

/* ---- editor_files.c: the Make levels screen ---- */

void editor_files_enter(Frontend *g);
void editor_files_event(Frontend *g, const SDL_Event *ev, ControlsResult r);
void editor_files_draw(Frontend *g);
/* Opens path in the editor (made if it is not yet), to be shown next;
** false with a message when it does not open. in_place: the path was
** named on the command line (--edit), and a level of the game's data is
** edited where it is when it may be written (the game's own designers, in
** its source); else such a level opens read-only. */
bool editor_open_path(Frontend *g, const char *path, bool in_place, char *err, size_t errlen);

/* The screen's row. */
void editor_enter(Frontend *g);
void editor_event(Frontend *g, const SDL_Event *ev, ControlsResult r);
void editor_update(Frontend *g, double seconds);
void editor_draw(Frontend *g);
void editor_fini(Frontend *g);

/* Colours of the editor's interface. */
extern const SDL_Color EDITOR_TEXT, EDITOR_DIM, EDITOR_ACCENT, EDITOR_BAD, EDITOR_PANEL_BG;

/* Text clipped to w px (ending in ".." when cut). */
void editor_text(Frontend *g, const char *text, int x, int y, int w, SDL_Color c);

#endif
