# SPDX-License-Identifier: Zlib
# The install: the installed game run from / (it must find its own data,
# not the source tree's), the desktop entry and metainfo validated, the
# metainfo's newest release, the program's name in its messages and its
# version, and the man page against --help.
# Everything is written under this build folder.
if(NOT IS_ABSOLUTE "${PIPS_PEAK_DATADIR}")
  string(REPLACE ";" "," icon_sizes "${PIPS_PEAK_ICON_SIZES}")
  add_test(NAME install_run_from_root
    COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${PROJECT_BINARY_DIR}
            -DPREFIX=${CMAKE_CURRENT_BINARY_DIR}/install-root
            -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/install-scratch
            -DREFERENCE=$<TARGET_FILE:platformer> -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
            -DLEVEL=01-first-steps.json -DAPP_ID=${PIPS_PEAK_APP_ID}
            -DICON_SIZES=${icon_sizes} -DDATADIR=${PIPS_PEAK_DATADIR}
            -P ${CMAKE_CURRENT_SOURCE_DIR}/install/run_installed.cmake)
endif()

set(dist_out ${PROJECT_BINARY_DIR}/dist)
find_program(DESKTOP_FILE_VALIDATE desktop-file-validate)
if(DESKTOP_FILE_VALIDATE)
  add_test(NAME dist_desktop_entry_valid
           COMMAND ${DESKTOP_FILE_VALIDATE} ${dist_out}/${PIPS_PEAK_APP_ID}.desktop)
  # it warns and hints without failing
  set_tests_properties(dist_desktop_entry_valid PROPERTIES FAIL_REGULAR_EXPRESSION "warning|hint")
endif()
find_program(APPSTREAMCLI appstreamcli)
if(APPSTREAMCLI)
  add_test(NAME dist_metainfo_valid
           COMMAND ${APPSTREAMCLI} validate --pedantic --no-net ${dist_out}/${PIPS_PEAK_APP_ID}.metainfo.xml)
  # pedantic: every remark fails it (the exit status says only errors and warnings)
  set_tests_properties(dist_metainfo_valid PROPERTIES FAIL_REGULAR_EXPRESSION "^[EWIP]: |\n[EWIP]: ")
endif()
add_test(NAME dist_metainfo_release
  COMMAND ${CMAKE_COMMAND} -DMETAINFO=${dist_out}/${PIPS_PEAK_APP_ID}.metainfo.xml
          -DVERSION=${PROJECT_VERSION} -P ${CMAKE_CURRENT_SOURCE_DIR}/install/metainfo_release.cmake)
# Configuring refuses a Maintainer that is not "Name <email>" (Debian's form).
add_test(NAME dist_maintainer_refused
  COMMAND ${CMAKE_COMMAND} -S ${PROJECT_SOURCE_DIR} -B ${CMAKE_CURRENT_BINARY_DIR}/maintainer-scratch
          -DBUILD_TESTING=OFF "-DPIPS_PEAK_CONTACT=Pip's Peak maintainers")
set_tests_properties(dist_maintainer_refused PROPERTIES
  PASS_REGULAR_EXPRESSION "PIPS_PEAK_CONTACT is \"Pip's Peak maintainers\": the Debian package's")
add_test(NAME dist_program_name_and_version
  COMMAND ${CMAKE_COMMAND} -DPLATFORMER=$<TARGET_FILE:platformer> -DVERSION=${PROJECT_VERSION}
          -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/program-name-scratch
          -P ${CMAKE_CURRENT_SOURCE_DIR}/install/program_name.cmake)
add_test(NAME dist_man_page_options
  COMMAND ${CMAKE_COMMAND} -DPLATFORMER=$<TARGET_FILE:platformer> -DMAN=${dist_out}/pips-peak.6
          -P ${CMAKE_CURRENT_SOURCE_DIR}/install/man_options.cmake)
find_program(GROFF groff)
if(GROFF)
  # man's own formatter, with every warning on: the page must give none
  add_test(NAME dist_man_page_formats
           COMMAND ${GROFF} -man -t -ww -z ${dist_out}/pips-peak.6)
  set_tests_properties(dist_man_page_formats PROPERTIES FAIL_REGULAR_EXPRESSION "warning|error")
endif()
