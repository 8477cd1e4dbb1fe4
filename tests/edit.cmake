# SPDX-License-Identifier: Zlib
# The level editor's core: saving shipped levels to their own bytes, the
# commands and their undo, the live check. Scratch files go under the build
# folder.
set(EDIT_TEST_TMP ${CMAKE_CURRENT_BINARY_DIR}/edit-tmp)
file(MAKE_DIRECTORY ${EDIT_TEST_TMP})
platformer_test(test_edit test_edit.c)
target_link_libraries(test_edit PRIVATE edit level)
target_compile_definitions(test_edit PRIVATE
  SOURCE_DIR="${PROJECT_SOURCE_DIR}" TMP_DIR="${EDIT_TEST_TMP}")
